// What the operators' commands that act on the live database share (`npm run moderation`,
// `npm run dealers:claims`): their output, opening the database like the server and installing it
// as the process database, reading `--flag value` options, and who acts for the audit.
import os from "node:os";
import { DataDirLockedError, migrateDatabase, openDatabase, setDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { z } from "../app/lib/zod";

export interface Output {
  say(line: string): void;
  fail(line: string): void;
}

export const processOutput: Output = {
  say: (line) => process.stdout.write(`${line}\n`),
  fail: (line) => process.stderr.write(`${line}\n`),
};

/** A database to work on, or the exit code after saying why there is none (tests give their own). */
export type Connect = (output: Output) => Promise<{ close(): Promise<void> } | number>;

/** Opens and migrates the database like the server, and installs it as the process database. */
export function connectFromEnvironment(lockedMessage: string): Connect {
  return async (output) => {
    const e = env();
    let handle;
    try {
      handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
    } catch (err) {
      output.fail(err instanceof Error ? err.message : String(err));
      if (err instanceof DataDirLockedError) output.fail(lockedMessage);
      return 1;
    }
    try {
      await migrateDatabase(handle);
    } catch (err) {
      output.fail(`The database could not be prepared: ${err instanceof Error ? err.message : String(err)}`);
      await handle.close();
      return 1;
    }
    setDatabase(handle);
    return {
      close: async () => {
        setDatabase(undefined);
        await handle.close();
      },
    };
  };
}

/** Who acts when --as is not given: the operator's user name on this machine, when it has one. */
export function defaultActor(): string {
  try {
    return `command line (${os.userInfo().username})`;
  } catch {
    return "command line";
  }
}

/** `--as EMAIL` (who acts, as the audit records it), else the default actor; a bad address is a message. */
export function readActor(as: string | undefined, verb: string): { actor: string } | { error: string } {
  if (as === undefined) return { actor: defaultActor() };
  const parsed = z.email().safeParse(as.trim().toLowerCase());
  return parsed.success ? { actor: parsed.data } : { error: `--as needs the e-mail address of who ${verb}, for example --as thandi@example.co.za` };
}

/** Splits the arguments into positional ones and `--flag value` (or `--flag=value`) options among `flags`; a problem is a message. */
export function readArguments(argv: readonly string[], flags: readonly string[]): { positional: string[]; options: Record<string, string> } | { error: string } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!flags.includes(flag)) return { error: `Unknown option ${flag}.` };
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith("--")) return { error: `${flag} needs a value.` };
    if (flag.slice(2) in options) return { error: `${flag} is given twice.` };
    options[flag.slice(2)] = value;
  }
  return { positional, options };
}
