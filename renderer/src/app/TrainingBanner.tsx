export function TrainingBanner() {
  return (
    <div className="training-banner" data-testid="training-banner" role="status">
      MODO ENTRENAMIENTO — sin valor fiscal
    </div>
  );
}
