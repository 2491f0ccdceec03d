/** A character as the SWCombine simulator holds it (its control routes' answer, not an SWCombine shape). */
export interface SimulatorCharacterState {
  uid: string;
  name: string;
  gender: string;
  race: { uid: string; name: string };
  faction: { uid: string; name: string } | null;
}

async function answer(res: Response, what: string): Promise<SimulatorCharacterState> {
  const body = (await res.json()) as SimulatorCharacterState & { message?: string };
  if (!res.ok) throw new Error(`the simulator refused to ${what}: ${res.status} ${body.message ?? ''}`);
  return body;
}

/**
 * Moves a character between factions on a running simulator (`simulatorUrl` like
 * http://localhost:PORT, the product's SWC_SIMULATOR_PORT): `faction` is a faction UID such as
 * `20:2400`, or null for none. The character's next /character answer and the member lists show it.
 */
export async function moveCharacter(simulatorUrl: string, uid: string, faction: string | null): Promise<SimulatorCharacterState> {
  const res = await fetch(`${simulatorUrl}/sim/characters/${encodeURIComponent(uid)}/faction`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faction }),
  });
  return answer(res, `move ${uid} to ${faction ?? 'no faction'}`);
}

/** The character as the simulator holds it now. */
export async function simulatorCharacter(simulatorUrl: string, uid: string): Promise<SimulatorCharacterState> {
  return answer(await fetch(`${simulatorUrl}/sim/characters/${encodeURIComponent(uid)}`), `show ${uid}`);
}
