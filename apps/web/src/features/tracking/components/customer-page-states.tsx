import { Button, Card, Loader } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { AlertIcon } from './tracking-icons.tsx';
import classes from './customer-pages.module.css';

/** A page-filling message card, the page's one heading, of the customer pages: not found, invalid link, not available. */
export function MessageCard({ title, text, action }: { title: string; text: string; action: { label: string; onClick?: () => void; home?: boolean } }) {
  return (
    <Card component="section" withBorder radius="lg" padding="xl" className={classes.messageCard} role="alert" aria-labelledby="message-title">
      <AlertIcon />
      <h1 id="message-title" className={classes.messageTitle}>
        {title}
      </h1>
      <p className={classes.messageText}>{text}</p>
      {action.home ? (
        <Button component={Link} to={paths.home}>
          {action.label}
        </Button>
      ) : (
        <Button onClick={action.onClick}>{action.label}</Button>
      )}
    </Card>
  );
}

export function PageLoading({ text }: { text: string }) {
  return (
    <div className={classes.loading} role="status">
      <Loader size="sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
