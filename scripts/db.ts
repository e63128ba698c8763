/** `npm run db:migrate` and `npm run db:seed`: the same migrations and seed the server runs at start. */
import { openDatabase } from "../app/db/client.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { seedDatabase } from "../app/db/seed/seed.server";
import { EnvError, parseEnv } from "../app/utils/env.server";

const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("Usage: tsx scripts/db.ts migrate|seed");
  process.exit(2);
}

try {
  const env = parseEnv();
  const handle = openDatabase(env);
  try {
    const applied = await migrateToLatest(handle.db);
    console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Schema is up to date.");
    if (command === "seed") {
      const started = performance.now();
      const report = await seedDatabase(handle.db);
      console.log(`Seeded ${handle.dialect} (${handle.location}) in ${Math.round(performance.now() - started)} ms:`, report);
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
