// Errors in plain Spanish, SIAT's code first when it is SIAT's.
import { describeError } from '../api/errors';

export function ErrorList({ errors, testId = 'error-message' }: { errors: string[]; testId?: string }) {
  if (errors.length === 0) return null;
  return (
    <div className="error-box" role="alert" data-testid={testId}>
      {errors.map((e, i) => (
        <div key={i}>{e}</div>
      ))}
    </div>
  );
}

export function ErrorOf({ error, testId }: { error: unknown; testId?: string }) {
  if (!error) return null;
  return <ErrorList errors={describeError(error)} testId={testId ?? 'error-message'} />;
}
