import { sql, type Kysely } from "kysely";
import { floatType, withIdColumn } from "./helpers.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  const float = floatType(db);

  await db.schema
    .createTable("states")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("code", "text", (col) => col.notNull().unique())
    .addColumn("region", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("states_name_idx").on("states").column("name").execute();

  await withIdColumn(db, db.schema.createTable("cities"))
    .addColumn("state_id", "text", (col) => col.notNull().references("states.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint("cities_state_name_unique", ["state_id", "name"])
    .execute();

  await db.schema
    .createTable("zipcodes")
    .addColumn("zip", "text", (col) => col.primaryKey().notNull())
    .addColumn("latitude", float, (col) => col.notNull())
    .addColumn("longitude", float, (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("state_code", "text", (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable("wholesalers"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("state_id", "text", (col) => col.notNull().references("states.id"))
    .addColumn("zipcode", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("hours", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("image", "text")
    .addColumn("image_updated_at", "text")
    .addColumn("phone", "text")
    .addColumn("website", "text")
    .addColumn("latitude", float, (col) => col.notNull())
    .addColumn("longitude", float, (col) => col.notNull())
    .addColumn("featured", "boolean", (col) => col.notNull().defaultTo(sql`false`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("wholesalers_state_name_idx").on("wholesalers").columns(["state_id", "name"]).execute();
  await db.schema.createIndex("wholesalers_lat_lng_idx").on("wholesalers").columns(["latitude", "longitude"]).execute();
  await db.schema.createIndex("wholesalers_name_address_idx").on("wholesalers").columns(["name", "address"]).execute();

  await withIdColumn(db, db.schema.createTable("grocery_stores"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("price_range", "text", (col) => col.notNull())
    .addColumn("best_for", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable("blog_posts"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("excerpt", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("image", "text")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("published"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("blog_posts_status_date_idx").on("blog_posts").columns(["status", "date"]).execute();
  await db.schema.createIndex("blog_posts_category_idx").on("blog_posts").columns(["category", "status"]).execute();

  await withIdColumn(db, db.schema.createTable("festivals"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("start_date", "text", (col) => col.notNull())
    .addColumn("end_date", "text", (col) => col.notNull())
    .addColumn("location", "text", (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("website", "text")
    .addColumn("ticket_price", "text")
    .addColumn("image", "text")
    .addColumn("featured", "boolean", (col) => col.notNull().defaultTo(sql`false`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("festivals_start_date_idx").on("festivals").column("start_date").execute();
  await db.schema.createIndex("festivals_end_date_idx").on("festivals").column("end_date").execute();

  await withIdColumn(db, db.schema.createTable("newsletter_subscribers"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("email_normalized", "text", (col) => col.notNull().unique())
    .addColumn("unsubscribe_token", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("unsubscribed_at", "text")
    .execute();
  await db.schema.createIndex("newsletter_subscribers_created_idx").on("newsletter_subscribers").column("created_at").execute();

  await withIdColumn(db, db.schema.createTable("location_suggestions"))
    .addColumn("business_name", "text", (col) => col.notNull())
    .addColumn("contact_name", "text")
    .addColumn("email", "text")
    .addColumn("business_address", "text", (col) => col.notNull())
    .addColumn("additional_info", "text")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("reviewed_at", "text")
    .execute();
  await db.schema.createIndex("location_suggestions_status_idx").on("location_suggestions").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (col) => col.primaryKey().notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable("admin_users"))
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("name", "text")
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (col) => col.primaryKey().notNull())
    .addColumn("admin_id", "integer", (col) => col.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_admin_idx").on("sessions").column("admin_id").execute();

  await withIdColumn(db, db.schema.createTable("audit_log"))
    .addColumn("admin_id", "integer", (col) => col.references("admin_users.id").onDelete("set null"))
    .addColumn("actor", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("entity_type", "text")
    .addColumn("entity_id", "text")
    .addColumn("details", "text")
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "audit_log",
    "sessions",
    "admin_users",
    "settings",
    "location_suggestions",
    "newsletter_subscribers",
    "festivals",
    "blog_posts",
    "grocery_stores",
    "wholesalers",
    "zipcodes",
    "cities",
    "states",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
