/**
 * Runs one of the project's own tools (node_modules/.bin) with the terminal passed through,
 * so people watch progress live. Keeps track of the running child so Ctrl-C can reach it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export const localBin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);

let current: ChildProcess | undefined;

/** Forwards a signal to the running child, when the terminal did not already send it. */
export function signalCurrent(signal: NodeJS.Signals): void {
  if (current && current.exitCode === null) current.kill(signal);
}

/** Resolves with the exit code (1 when killed by a signal or unable to start). */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    current = child;
    child.once('error', (err) => {
      console.error(`Could not start ${command}: ${err.message}`);
      current = undefined;
      resolve(1);
    });
    child.once('close', (code) => {
      current = undefined;
      resolve(code ?? 1);
    });
  });
}
