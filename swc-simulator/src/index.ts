export type { SimulatorCharacter, SimulatorClient, SimulatorOptions, SimulatorStats } from './types.ts';
export type { Simulator } from './app.ts';
export type { RunningSimulator } from './start.ts';
export type { GalaxyMutation, MutationResult } from './world/galaxy.ts';
export type { GalaxyKind } from './world/galaxy-rows.ts';
export type { EntityKind } from './world/inventory.ts';
export { buildSimulator, createSimulator } from './app.ts';
export { startSimulator } from './start.ts';
export { defaultCharacters } from './data.ts';
