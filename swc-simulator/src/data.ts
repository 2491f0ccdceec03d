import { readFileSync } from 'node:fs';
import type { SimulatorCharacter, SimulatorFaction } from './types.ts';

const dataDir = new URL('../data/', import.meta.url);

function loadJson<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(file, dataDir), 'utf8')) as T;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The bundled characters (data/characters.json). */
export const defaultCharacters: readonly SimulatorCharacter[] = deepFreeze(loadJson<SimulatorCharacter[]>('characters.json'));

/** The bundled factions (data/factions.json), served by /ws/v2.0/factions/. */
export const defaultFactions: readonly SimulatorFaction[] = deepFreeze(loadJson<SimulatorFaction[]>('factions.json'));

const UID = /^(\d+):(\d+)$/;

/** Throws a TypeError naming the first problem in a character list. */
export function validateCharacters(list: readonly SimulatorCharacter[]): void {
  const seen = new Set<string>();
  for (const c of list) {
    if (!c || typeof c.uid !== 'string' || UID.exec(c.uid)?.[1] !== '1')
      throw new TypeError(`character uid must look like 1:<id>: ${JSON.stringify(c?.uid)}`);
    if (seen.has(c.uid)) throw new TypeError(`duplicate character uid ${c.uid}`);
    seen.add(c.uid);
    if (typeof c.name !== 'string' || !c.name.trim()) throw new TypeError(`character ${c.uid} needs a name`);
    if (!c.race || typeof c.race.uid !== 'string' || typeof c.race.name !== 'string')
      throw new TypeError(`character ${c.uid} needs a race`);
  }
}
