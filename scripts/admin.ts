/**
 * `npm run admin -- create <email> [--name <name>] | reset-password <email> | unlock <email> | reset-second-factor <email> | list`
 * Manages admin accounts in the database the server uses (DATA_DIR or DATABASE_URL). The password comes
 * from ADMIN_PASSWORD or, on a terminal, from a prompt that does not echo it; it never appears in argv.
 */
import { openDatabase } from "../app/db/client.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { recordAudit } from "../app/services/audit/audit.server";
import { changeAdminPassword, createAdmin, findAdminByEmail, listAdmins } from "../app/services/auth/admins.server";
import { checkPasswordStrength } from "../app/services/auth/password.server";
import { hasSecondFactor, resetSecondFactor } from "../app/services/auth/second-factor.server";
import { countActiveSessions } from "../app/services/auth/sessions.server";
import { clearLoginAttempts, normalizeLoginEmail } from "../app/services/auth/throttle.server";
import { AppError } from "../app/services/errors";
import { EnvError, parseEnv } from "../app/utils/env.server";

const USAGE = `Usage:
  npm run admin -- create <email> [--name <name>]
  npm run admin -- reset-password <email>
  npm run admin -- unlock <email>      forget the account's failed sign-ins (it is slowed after 5 in 15 minutes)
  npm run admin -- reset-second-factor <email>
                                       turn two-step sign-in off for an admin who lost the app and the recovery codes
  npm run admin -- list

The password is read from ADMIN_PASSWORD, or asked for when run in a terminal.`;

class UsageError extends Error {}

function parseArgs(argv: string[]) {
  const [command, ...rest] = argv;
  const positional: string[] = [];
  let name: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (arg === "--name") {
      name = rest[++i];
      if (name === undefined) throw new UsageError("--name needs a value.");
    } else if (arg.startsWith("--name=")) {
      name = arg.slice("--name=".length);
    } else if (arg.startsWith("-")) {
      throw new UsageError(`Unknown option ${arg}.`);
    } else {
      positional.push(arg);
    }
  }
  return { command, positional, name };
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (error?: Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") return finish();
        if (char === "\u0003") return finish(new UsageError("Cancelled."));
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function readNewPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) {
    checkPasswordStrength(fromEnv);
    return fromEnv;
  }
  if (!process.stdin.isTTY) throw new UsageError("Set ADMIN_PASSWORD, or run this in a terminal to be asked for the password.");
  for (;;) {
    const password = await promptHidden("New password (at least 12 characters): ");
    try {
      checkPasswordStrength(password);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      continue;
    }
    if ((await promptHidden("Repeat the password: ")) === password) return password;
    console.error("The passwords do not match. Try again.");
  }
}

async function main() {
  const { command, positional, name } = parseArgs(process.argv.slice(2));
  const env = parseEnv();
  const handle = openDatabase(env);
  const db = handle.db;
  try {
    await migrateToLatest(db);
    switch (command) {
      case "create": {
        const [email] = positional;
        if (!email || positional.length > 1) throw new UsageError("create needs exactly one email address.");
        if (await findAdminByEmail(db, email))
          throw new AppError("conflict", `An admin with the email ${email.trim().toLowerCase()} already exists.`);
        const admin = await createAdmin(db, { email, name: name ?? null, password: await readNewPassword() });
        await recordAudit(db, {
          action: "admin.create",
          actor: "cli",
          entityType: "admin",
          entityId: admin.id,
          details: { label: admin.email },
        });
        console.log(`Created admin ${admin.email}${admin.name ? ` (${admin.name})` : ""}.`);
        break;
      }
      case "reset-password": {
        const [email] = positional;
        if (!email || positional.length > 1 || name !== undefined) throw new UsageError("reset-password needs exactly one email address.");
        const admin = await findAdminByEmail(db, email);
        if (!admin) throw new AppError("not_found", `No admin has the email ${email.trim().toLowerCase()}.`);
        const { endedSessions } = await changeAdminPassword(db, admin.id, await readNewPassword());
        await recordAudit(db, {
          action: "admin.password_reset",
          actor: "cli",
          entityType: "admin",
          entityId: admin.id,
          details: { label: admin.email, endedSessions },
        });
        console.log(`Password of ${admin.email} changed; ${endedSessions} session(s) ended.`);
        break;
      }
      case "unlock": {
        const [email] = positional;
        if (!email || positional.length > 1 || name !== undefined) throw new UsageError("unlock needs exactly one email address.");
        const forgotten = await clearLoginAttempts(db, email);
        await recordAudit(db, {
          action: "admin.unlock",
          actor: "cli",
          entityType: "admin",
          details: { label: normalizeLoginEmail(email), forgotten },
        });
        console.log(`Sign-in attempts for ${normalizeLoginEmail(email)} forgotten (${forgotten}); it is no longer slowed or throttled.`);
        break;
      }
      case "reset-second-factor": {
        const [email] = positional;
        if (!email || positional.length > 1 || name !== undefined)
          throw new UsageError("reset-second-factor needs exactly one email address.");
        const admin = await findAdminByEmail(db, email);
        if (!admin) throw new AppError("not_found", `No admin has the email ${normalizeLoginEmail(email)}.`);
        const removed = await resetSecondFactor(db, admin.id, "cli");
        console.log(
          removed
            ? `Two-step sign-in is off for ${admin.email}: the password alone signs in until it is set up again (Your account → Two-step sign-in).`
            : `${admin.email} had no two-step sign-in; nothing changed.`,
        );
        break;
      }
      case "list": {
        if (positional.length > 0 || name !== undefined) throw new UsageError("list takes no arguments.");
        const admins = await listAdmins(db);
        const sessions = await countActiveSessions(db);
        if (admins.length === 0) console.log("No admins yet. Create one with: npm run admin -- create <email>");
        for (const admin of admins) {
          const open = sessions.get(admin.id) ?? 0;
          const twoStep = (await hasSecondFactor(db, admin.id)) ? "two-step on" : "two-step off";
          console.log(
            `${admin.id}\t${admin.email}\t${admin.name ?? "-"}\tcreated ${admin.createdAt}\t${open} active session(s)\t${twoStep}`,
          );
        }
        break;
      }
      default:
        throw new UsageError(command ? `Unknown command ${command}.` : "Name a command.");
    }
  } finally {
    await handle.close();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error instanceof EnvError || error instanceof AppError ? error.message : error);
  process.exit(1);
}
