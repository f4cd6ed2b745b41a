// The intent classifier's model and examples as plain data (intent-classifier.ts trains and reads
// it, intent-model-file.ts stores it, rule-cards.ts loads the shipped one): types only, so none of
// them depends on another for them.
// Runs in: engine.

/** The class of the bank's questions no card answers. */
export const OUT_OF_SCOPE = 'fuera-de-alcance';

export interface IntentExample {
  text: string;
  label: string;
  /** Other cards that answer it as well (the bank's "+:" line): learnt as right too. */
  also?: string[];
}

export interface IntentModel {
  classes: string[];
  /** Feature → its row of `weights` (classes.length wide). */
  vocab: Map<string, number>;
  weights: Float32Array;
  bias: Float32Array;
}
