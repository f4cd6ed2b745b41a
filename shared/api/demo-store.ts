// The training mode's demo store (issue 17): its state and its one-step removal.
import Type, { type Static } from 'typebox';

export const DemoStoreStateSchema = Type.Object({
  loaded: Type.Boolean({ description: 'Se cargó al iniciar el modo entrenamiento' }),
  removed: Type.Boolean({ description: 'Se quitó; no se vuelve a cargar' }),
  products: Type.Integer({ description: 'Productos de demostración (código DEMO-…) presentes' }),
});

export const DemoStoreRemovalSchema = Type.Object({
  products: Type.Integer({ description: 'Productos de demostración quitados' }),
  clients: Type.Integer({ description: 'Clientes de demostración olvidados' }),
});

export type DemoStoreState = Static<typeof DemoStoreStateSchema>;
