export type { SimulatorCharacter, SimulatorClient, SimulatorOptions } from './types.ts';
export { buildSimulator } from './app.ts';
export { startSimulator } from './start.ts';
export { defaultCharacters } from './data.ts';
