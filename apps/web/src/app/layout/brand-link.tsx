import { ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { TruckIcon } from '../../components/ui/icons.tsx';
import { useBrand } from '../../features/site-config/hooks/use-brand.ts';
import { paths } from '../../lib/paths.ts';
import classes from './layout.module.css';

/** The company's mark, name and tagline, linking home. */
export function BrandLink({ onNavigate }: { onNavigate?: () => void }) {
  const { companyName, tagline } = useBrand();
  return (
    <Link to={paths.home} className={classes.brand} onClick={onNavigate}>
      <ThemeIcon size={38} radius="md" aria-hidden="true">
        <TruckIcon size={22} />
      </ThemeIcon>
      <span className={classes.brandText}>
        <span className={classes.brandName}>{companyName}</span>
        <span className={classes.tagline}>{tagline}</span>
      </span>
    </Link>
  );
}
