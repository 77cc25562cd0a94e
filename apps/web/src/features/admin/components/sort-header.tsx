import { Table } from '@mantine/core';
import { ADMIN_TEXT } from '../texts.ts';
import classes from './admin.module.css';

interface SortHeaderProps {
  label: string;
  field: string;
  sort: string;
  order: 'asc' | 'desc';
  onSort: (field: string) => void;
}

/** A column header that sorts the list on the server; aria-sort tells screen readers the current order. */
export function SortHeader({ label, field, sort, order, onSort }: SortHeaderProps) {
  const active = sort === field;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} className={classes.nowrap}>
      <button type="button" className={classes.sortButton} onClick={() => onSort(field)} aria-label={ADMIN_TEXT.packages.sortBy(label, active ? order : null)}>
        {label}
        <span aria-hidden="true">{active ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </Table.Th>
  );
}
