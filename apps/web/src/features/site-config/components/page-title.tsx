import { useBrand } from '../hooks/use-brand.ts';

/** Sets the document title to "{page} | {company}" (React hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  const { companyName } = useBrand();
  return <title>{title ? `${title} | ${companyName}` : companyName}</title>;
}
