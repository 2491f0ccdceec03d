import type { Deps } from '../../deps.ts';
import { findConnection, saveConnection } from './queries/discord.ts';

export interface SimulatedConnection {
  clientId: string;
  clientSecret: string;
  botToken: string;
  guildId: string;
}

/**
 * With the bundled Discord simulator (command 1, nothing configured), the connection is filled in
 * with the simulator's application, so Admin → Discord works at once. One an admin saved stays.
 */
export async function fillSimulatorConnection(deps: Pick<Deps, 'db' | 'encryptor' | 'clock'>, sim: SimulatedConnection): Promise<boolean> {
  if (await findConnection(deps.db)) return false;
  await saveConnection(
    deps.db,
    {
      client_id: sim.clientId,
      client_secret_enc: deps.encryptor.encrypt(sim.clientSecret),
      bot_token_enc: deps.encryptor.encrypt(sim.botToken),
      guild_id: sim.guildId,
      on_leave: 'remove_roles',
      nickname: '{name}',
      reconcile: 'fix',
    },
    deps.clock.now(),
  );
  return true;
}
