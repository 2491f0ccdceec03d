import type * as DiscordRest from '@discordjs/rest';

let loading: Promise<typeof DiscordRest> | undefined;
let loaded: typeof DiscordRest | undefined;

/**
 * @discordjs/rest, with its own undici and Discord's API types, adds about 35 MB of resident memory
 * once loaded: it is imported at the first call to Discord, not when the server starts.
 */
export const loadDiscordRest = (): Promise<typeof DiscordRest> =>
  (loading ??= import('@discordjs/rest').then((module) => (loaded = module)));

/** The module once a call to Discord has loaded it; until then no error can have come from it. */
export const loadedDiscordRest = (): typeof DiscordRest | undefined => loaded;
