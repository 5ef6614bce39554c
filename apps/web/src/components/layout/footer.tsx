import { BRAND } from '@/config/messages';
import { paths } from '@/config/paths';
import { FooterAbout, FooterContact, FooterLinks } from './footer-sections';

export interface FooterCategory {
  _id: string;
  name: string;
}

const FOOTER_CATEGORY_LIMIT = 5;

const QUICK_LINKS = [
  { to: paths.home.getHref(), label: 'Home' },
  { to: paths.categories.getHref(), label: 'Categories' },
  { to: paths.allProducts.getHref(), label: 'All Products' },
  { to: paths.cart.getHref(), label: 'My Cart' },
];

/** `categories` is omitted (not an error) when the list could not be loaded. */
export function Footer({ categories }: { categories?: readonly FooterCategory[] }) {
  const shown = categories?.slice(0, FOOTER_CATEGORY_LIMIT) ?? [];

  return (
    <footer className="border-t border-base-300 bg-base-200 text-base-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <FooterAbout />

        <FooterLinks id="footer-links" title="Quick Links" links={QUICK_LINKS} />
        <FooterLinks
          id="footer-categories"
          title="Categories"
          links={[
            ...shown.map((category) => ({ to: paths.category.getHref(category._id), label: category.name })),
            { to: paths.categories.getHref(), label: 'View all categories', strong: true },
          ]}
        />

        <FooterContact />
      </div>
      <div className="border-t border-base-300">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-base-content/70">
          © {new Date().getFullYear()} {BRAND}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
