import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/client';

/*
 * The tool definitions a person approved, kept between runs of `npm run host` in a file under the user's config
 * folder, per server (its name and what it runs or where it is: config.ts serverIdentity). A tool whose definition
 * changed since is asked about again, because only the saved definition itself is approved.
 */

/** The default file: under XDG_CONFIG_HOME (or ~/.config), %APPDATA% on Windows, ~/Library/Application Support on macOS. */
export function defaultApprovalsFile(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const base =
    platform === 'win32' ? (env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'))
    : platform === 'darwin' ? join(homedir(), 'Library', 'Application Support')
    : (env['XDG_CONFIG_HOME'] || join(homedir(), '.config'));
  return join(base, 'mcp-course-host', 'approvals.json');
}

/** Every server's approved definitions, by server identity and tool name. */
type Saved = Record<string, Record<string, Tool>>;

/** The approvals file: the definitions approved for one server, and recording one more. */
export interface ApprovalsFile {
  /** The definitions the person approved for the server with this identity, in earlier runs or this one. */
  approved(identity: string): Tool[];
  /** Records TOOL as approved for the server with this identity, replacing an older definition of the same name. */
  record(identity: string, tool: Tool): void;
}

/** Opens the approvals file at PATH (absent or unreadable: nothing approved yet); writes go through a temporary file. */
export function openApprovals(path: string): ApprovalsFile {
  let saved: Saved = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) saved = parsed as Saved;
  } catch {
    saved = {};
  }
  return {
    approved: (identity) => Object.values(saved[identity] ?? {}),
    record(identity, tool) {
      saved[identity] = { ...saved[identity], [tool.name]: structuredClone(tool) };
      mkdirSync(dirname(path), { recursive: true });
      const partial = `${path}.${process.pid}.tmp`;
      writeFileSync(partial, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
      renameSync(partial, path);
    },
  };
}
