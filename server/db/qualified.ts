import { getTableName, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm';

/**
 * "table"."column", always. Drizzle leaves the table name out of the fields
 * of a select from one table, where a correlated subquery (a count per row)
 * needs it: `(select count(*) from children where "school_id" = "id")` would
 * compare with the children's own id.
 */
export const qualified = (column: AnyColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table as Table))}.${sql.identifier(column.name)}`;
