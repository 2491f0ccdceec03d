import type { DiscordUserSeed } from '../types.ts';
import { snowflake } from './snowflake.ts';

/** Where generated users' ids start: June 2024, one id per millisecond after it. */
const GENERATED_FROM_MS = Date.UTC(2024, 5, 1);

const USERNAME = /^[a-z0-9_.]{2,32}$/;

/** Every Discord user the simulator knows, people and bots, by id and by username. */
export class Users {
  private readonly byId = new Map<string, DiscordUserSeed>();
  /** Ids handed out so far (one millisecond apart) and generated people so far. */
  private sequence = 0;
  private generated = 0;

  constructor(seed: readonly DiscordUserSeed[]) {
    for (const u of seed) this.add({ ...u });
  }

  /** The user with this id, or with this username (case-insensitive, as Discord's usernames are lowercase). */
  find(idOrUsername: string): DiscordUserSeed | undefined {
    const byId = this.byId.get(idOrUsername);
    if (byId) return byId;
    const name = idOrUsername.toLowerCase();
    for (const u of this.byId.values()) if (u.username.toLowerCase() === name) return u;
    return undefined;
  }

  /** People (not bots), in the order they were added: one button each on the authorize page. */
  people(): DiscordUserSeed[] {
    return [...this.byId.values()].filter((u) => !u.bot);
  }

  all(): DiscordUserSeed[] {
    return [...this.byId.values()];
  }

  /** Adds a user; throws a TypeError naming what is wrong (a taken id or username, a username Discord refuses). */
  add(user: DiscordUserSeed): DiscordUserSeed {
    if (this.byId.has(user.id)) throw new TypeError(`The user id ${user.id} is taken.`);
    if (!user.bot && !USERNAME.test(user.username)) {
      throw new TypeError(`The username "${user.username.slice(0, 40)}" is not one Discord allows: 2 to 32 of a-z, 0-9, _ and .`);
    }
    if (this.find(user.username)) throw new TypeError(`The username ${user.username} is taken.`);
    this.byId.set(user.id, user);
    return user;
  }

  /** A new person with a fresh id (for control calls that create users). */
  create(username: string, globalName: string | null): DiscordUserSeed {
    return this.add({ id: this.nextId(), username, global_name: globalName });
  }

  /** `count` generated people, `member.00001` …, with ids in the order they were made. */
  generate(count: number): DiscordUserSeed[] {
    const made: DiscordUserSeed[] = [];
    for (let i = 0; i < count; i++) {
      const n = String(++this.generated).padStart(5, '0');
      made.push(this.add({ id: this.nextId(), username: `member.${n}`, global_name: `Member ${n}` }));
    }
    return made;
  }

  private nextId(): string {
    let id: string;
    do id = snowflake(GENERATED_FROM_MS + this.sequence++, 0);
    while (this.byId.has(id));
    return id;
  }
}
