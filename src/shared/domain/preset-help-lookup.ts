import { PRESET_HELP } from '../defaults/preset-help';

/*
 * The help text of a preset group by name, without the preset item lists: the viewer shows help
 * and nothing else of the presets, and its first load should not carry them (decision 0037).
 * PRESET_HELP has one text per preset name, so this answers what the preset's own `help` does.
 */

const BY_NAME = new Map(
  Object.entries(PRESET_HELP).map(([name, help]) => [name.trim().toLowerCase(), help]),
);

/** The help text for a known group name (case-insensitive, trimmed), or null. */
export function presetHelp(groupName: string): string | null {
  return BY_NAME.get(groupName.trim().toLowerCase()) ?? null;
}
