import type { Kysely } from "kysely";
import zipcodes from "zipcodes";
import type { Database } from "../schema";
import { toDbBool } from "../schema";
import { nowIso, todayIsoDate } from "~/utils/dates";
import { uniqueSlug } from "~/utils/slug";
import { timeZoneAt } from "~/utils/time-zone.server";
import { blogPosts } from "./data/blog-posts";
import { festivals } from "./data/festivals";
import { groceryStores } from "./data/grocery-stores";
import { states } from "./data/states";
import { wholesalers } from "./data/wholesalers";
import { nextOccurrence } from "./festival-dates";

const BATCH_SIZE = 500;
/** The first few listed per state lead the home page's featured block. */
const FEATURED_PER_STATE = 3;

/** US zip code centroids from the bundled dataset, with coordinates, in the 50 states and DC. */
export function zipcodeRows() {
  const known = new Set([...states.map((s) => s.code), "DC"]);
  return Object.values(zipcodes.codes)
    .filter(
      (z) =>
        z.country === "US" &&
        known.has(z.state) &&
        /^\d{5}$/.test(z.zip) &&
        Number.isFinite(z.latitude) &&
        Number.isFinite(z.longitude) &&
        !(z.latitude === 0 && z.longitude === 0),
    )
    .map((z) => ({ zip: z.zip, latitude: z.latitude, longitude: z.longitude, city: z.city, state_code: z.state }));
}

async function isEmpty(db: Kysely<Database>, table: keyof Database): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

async function insertInBatches<T extends keyof Database>(db: Kysely<Database>, table: T, rows: readonly object[]) {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH_SIZE) as never)
      .execute();
  }
}

export interface SeedReport {
  states: number;
  zipcodes: number;
  wholesalers: number;
  groceryStores: number;
  blogPosts: number;
  festivals: number;
}

/**
 * Loads the data the site ships with into every table that is still empty, in one transaction.
 * Running it again changes nothing, so it is safe at every start and from `npm run db:seed`.
 */
export async function seedDatabase(db: Kysely<Database>, today = todayIsoDate()): Promise<SeedReport> {
  const report: SeedReport = { states: 0, zipcodes: 0, wholesalers: 0, groceryStores: 0, blogPosts: 0, festivals: 0 };
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, "states")) {
      await insertInBatches(
        trx,
        "states",
        states.map((s) => ({ id: s.id, name: s.name, code: s.code, region: s.region, created_at: now, updated_at: now })),
      );
      await insertInBatches(
        trx,
        "cities",
        states.flatMap((s) => s.cities.map((name, position) => ({ state_id: s.id, name, position }))),
      );
      report.states = states.length;
    }

    if (await isEmpty(trx, "zipcodes")) {
      const rows = zipcodeRows();
      await insertInBatches(trx, "zipcodes", rows);
      report.zipcodes = rows.length;
    }

    if (await isEmpty(trx, "wholesalers")) {
      const stateIdByCode = new Map(states.map((s) => [s.code, s.id]));
      const listedPerState = new Map<string, number>();
      const rows = wholesalers.map((w) => {
        const rank = listedPerState.get(w.stateCode) ?? 0;
        listedPerState.set(w.stateCode, rank + 1);
        const zip = zipcodes.lookup(w.zipcode);
        const stateId = stateIdByCode.get(w.stateCode);
        if (!zip || zip.state !== w.stateCode || !stateId) {
          throw new Error(`Seed wholesaler "${w.name}" has zipcode ${w.zipcode} outside ${w.stateCode}`);
        }
        const latitude = w.latitude ?? zip.latitude;
        const longitude = w.longitude ?? zip.longitude;
        return {
          name: w.name,
          address: w.address,
          city: w.city,
          state_id: stateId,
          zipcode: w.zipcode,
          type: w.type,
          hours: w.hours,
          description: w.description,
          image: null,
          image_updated_at: null,
          phone: w.phone ?? null,
          website: w.website ?? null,
          latitude,
          longitude,
          featured: toDbBool(rank < FEATURED_PER_STATE),
          access: w.access ?? null,
          access_note: w.accessNote ?? null,
          opening_hours: w.openingHours ? JSON.stringify(w.openingHours) : null,
          time_zone: timeZoneAt(latitude, longitude),
          verified_at: w.verifiedAt ?? null,
          source: w.source,
          admin_note: null,
          location_approximate: toDbBool(w.locationApproximate ?? false),
          location_exact: toDbBool(w.latitude !== undefined),
          created_at: now,
          updated_at: now,
        };
      });
      await insertInBatches(trx, "wholesalers", rows);
      report.wholesalers = rows.length;
    }

    if (await isEmpty(trx, "grocery_stores")) {
      // Each chain's page address, numbered should two names make the same one.
      const slugs = new Set<string>();
      for (const g of groceryStores) slugs.add(uniqueSlug(g.name, slugs));
      const slugList = [...slugs];
      await insertInBatches(
        trx,
        "grocery_stores",
        groceryStores.map((g, position) => ({
          name: g.name,
          slug: slugList[position]!,
          description: g.description,
          tips: g.tips,
          price_range: g.priceRange,
          best_for: g.bestFor,
          position,
          created_at: now,
          updated_at: now,
        })),
      );
      report.groceryStores = groceryStores.length;
    }

    if (await isEmpty(trx, "blog_posts")) {
      await insertInBatches(
        trx,
        "blog_posts",
        blogPosts.map((p) => ({
          title: p.title,
          excerpt: p.excerpt,
          content: p.content.trim(),
          category: p.category,
          date: p.date,
          image: p.image,
          status: "published",
          created_at: now,
          updated_at: now,
        })),
      );
      report.blogPosts = blogPosts.length;
    }

    if (await isEmpty(trx, "festivals")) {
      await insertInBatches(
        trx,
        "festivals",
        festivals.map((f) => {
          const { startDate, endDate } = nextOccurrence(f.schedule, today);
          return {
            name: f.name,
            description: f.description,
            start_date: startDate,
            end_date: endDate,
            location: f.location,
            city: f.city,
            state: f.state,
            website: f.website ?? null,
            ticket_price: f.ticketPrice ?? null,
            image: f.image,
            featured: toDbBool(f.featured),
            recurrence: f.recurrence ?? null,
            created_at: now,
            updated_at: now,
          };
        }),
      );
      report.festivals = festivals.length;
    }
  });
  return report;
}
