import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
const dir = readdirSync('/tmp/lead').filter((d) => d.startsWith('db-')).sort().pop();
const db = new Database(`/tmp/lead/${dir}/q.db`, { readonly: true });
for (const sql of [
  `explain query plan update packages set current_location = j.loc, updated_at = j.at from (select value ->> 0 as id, value ->> 1 as loc, value ->> 2 as at from json_each(?)) as j where packages.id = j.id`,
  `explain query plan update drivers set current_lat = j.lat from (select value ->> 0 as id, value ->> 1 as lat, value ->> 3 as at from json_each(?)) as j where drivers.id = j.id and (drivers.last_location_update is null or drivers.last_location_update <= j.at)`,
]) console.log(db.prepare(sql).all('[]').map((r) => r.detail));
console.log(db.prepare('select count(*) n from locations').get());
