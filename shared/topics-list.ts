// The topics the assistant has no card for, as one Spanish phrase (engine chat text and the till's
// panel): a topic may carry its own list in parentheses («los impuestos municipales (inmuebles,
// vehículos, patentes)»), so joining topics with commas ran them into one list (session 18's walk).

/** «A», «A ni sobre B», «A ni sobre B ni sobre C»: each topic after the first gets its own «ni sobre». */
export const topicsEs = (topics: readonly string[]): string => topics.join(' ni sobre ');
