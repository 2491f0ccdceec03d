import type { Deps } from '../../deps.ts';
import type { DiscordBot } from '../../integrations/discord/types.ts';
import { findConnection, type ConnectionRow } from './queries/discord.ts';

/** The connection with its secrets opened, as Discord work uses it. */
export interface LiveConnection {
  row: ConnectionRow;
  clientId: string;
  clientSecret: string | null;
  botToken: string | null;
  guildId: string;
}

export async function liveConnection(deps: Pick<Deps, 'db' | 'encryptor'>): Promise<LiveConnection | null> {
  const row = await findConnection(deps.db);
  if (!row) return null;
  return {
    row,
    clientId: row.client_id,
    clientSecret: row.client_secret_enc ? deps.encryptor.decrypt(row.client_secret_enc) : null,
    botToken: row.bot_token_enc ? deps.encryptor.decrypt(row.bot_token_enc) : null,
    guildId: row.guild_id,
  };
}

/** The bot, when the connection has a token and Discord work is not stopped (a refused token). */
export function workingBot(deps: Pick<Deps, 'discord'>, live: LiveConnection | null): DiscordBot | null {
  if (!live?.botToken || live.row.stopped_reason) return null;
  return deps.discord.bot(live.botToken);
}

/** Where Discord sends the player back after they authorize the link. */
export const discordCallbackUrl = (deps: Pick<Deps, 'config'>) => `${deps.config.publicUrl}/auth/discord/callback`;
