import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../setup/test-database";

/**
 * Every test file starts from a freshly migrated database. On the embedded engine a closed
 * database's engine is emptied and handed to the next file, so whatever one file leaves behind
 * (rows, a job queue's schema, a session setting, a held advisory lock) must be gone for the next.
 */
describe("a test database opened after another was closed", () => {
  it("holds only what the migrations made", async () => {
    const first = await openTestDatabase();
    const migrated = await first.pool.query("select * from billing_clock");
    await first.pool.query(
      `insert into users (username, email, password_hash, name, referral_code) values ('leftover', 'leftover@example.com', 'x', 'Left Over', 'LEFTOVER')`,
    );
    await first.pool.query("update billing_clock set offset_seconds = offset_seconds + 86400");
    await first.pool.query("create schema leftover_queue");
    await first.pool.query("create table leftover_queue.job (id int)");
    await first.pool.query("create table public.leftover_table (id serial primary key)");
    await first.pool.query("insert into public.leftover_table default values");
    await first.pool.query("set timezone = 'Asia/Tokyo'");
    await first.pool.query("select pg_advisory_lock(4242)");
    await first.close();

    const second = await openTestDatabase();
    try {
      expect((await second.pool.query("select count(*)::int as n from users")).rows[0].n).toBe(0);
      expect((await second.pool.query("select * from billing_clock")).rows).toEqual(migrated.rows);
      const schemas = await second.pool.query("select 1 from pg_namespace where nspname = 'leftover_queue'");
      expect(schemas.rowCount).toBe(0);
      const tables = await second.pool.query("select to_regclass('public.leftover_table') as t");
      expect(tables.rows[0].t).toBeNull();
      expect((await second.pool.query("show timezone")).rows[0].TimeZone).not.toBe("Asia/Tokyo");
      const lock = await second.pool.query("select pg_try_advisory_lock(4242) as got");
      expect(lock.rows[0].got).toBe(true);
      await second.pool.query("select pg_advisory_unlock(4242)");
      const migrations = await second.pool.query(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(migrations.rows[0].n).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
