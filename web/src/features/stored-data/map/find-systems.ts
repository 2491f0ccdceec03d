/** A system as "Find a system" offers it: its UID and its name. */
interface SystemOption {
  value: string;
  label: string;
}

/**
 * What "Find a system" suggests for `search`, at most `limit`: a system whose whole UID it is, then the
 * names that start with it, then those with a word that starts with it, then those that merely contain
 * it (case aside); each group in the order given.
 */
export function findSystems<T extends SystemOption>(options: readonly T[], search: string, limit: number): T[] {
  const q = search.trim().toLowerCase();
  if (!q) return options.slice(0, limit);
  const groups: [T[], T[], T[], T[]] = [[], [], [], []];
  for (const option of options) {
    const name = option.label.toLowerCase();
    if (option.value.toLowerCase() === q) groups[0].push(option);
    else if (name.startsWith(q)) groups[1].push(option);
    else if (name.includes(` ${q}`) || name.includes(`-${q}`)) groups[2].push(option);
    else if (name.includes(q)) groups[3].push(option);
  }
  return groups.flat().slice(0, limit);
}
