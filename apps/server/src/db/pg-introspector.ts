import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  notNull: boolean;
  hasDefault: boolean;
  type: string;
  typeSchema: string;
  serial: boolean;
}

/**
 * Kysely's introspection on PostgreSQL, limited to the connection's own schema (`current_schema()`, the `?schema=` of
 * DATABASE_URL). Kysely's own lists every column of every schema of the database and calls `has_schema_privilege` and
 * `pg_get_serial_sequence` on the names it read, which fail ("schema … does not exist", "column … does not exist") when
 * another app on the same database creates or drops a schema or a table meanwhile. Its migrator asks for the tables
 * before it takes its lock, so one instance starting while another app migrated or dropped its schema failed to start
 * (seen in the test line, where each test file has a schema of its own). Only the own schema's tables are listed: the
 * migrator looks for its tables there (db/migrate.ts pins it to that schema), and nothing else introspects.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows.map((r) => ({ name: r.name }));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind as "kind", ns.nspname as "schema", a.attname as "column",
             a.attnotnull as "notNull", a.atthasdef as "hasDefault", typ.typname as "type", tns.nspname as "typeSchema",
             coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as "serial"
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
        left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
       order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && (r.table === DEFAULT_MIGRATION_TABLE || r.table === DEFAULT_MIGRATION_LOCK_TABLE)) continue;
      let table = tables.get(r.table);
      if (!table) tables.set(r.table, (table = { name: r.table, schema: r.schema, isView: r.kind === 'v', columns: [] }));
      table.columns.push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.typeSchema,
        isNullable: !r.notNull,
        hasDefaultValue: r.hasDefault,
        isAutoIncrementing: r.serial,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgresDialect with the introspection above. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
