// Vite's import.meta.glob, for the renderer tests that read the renderer's sources as text
// (the renderer's tsconfig has no vite/client types: `types: []`).
interface ImportMeta {
  glob(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, unknown>;
}
