import { Boxes, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from '@/components/ui/brand-icons';
import { BRAND } from '@/config/messages';

const SOCIAL_LINKS = [
  { label: 'Bulkwise on Facebook', Icon: FacebookIcon },
  { label: 'Bulkwise on X', Icon: XIcon },
  { label: 'Bulkwise on LinkedIn', Icon: LinkedInIcon },
  { label: 'Bulkwise on Instagram', Icon: InstagramIcon },
];

/** The social networks, as icon buttons. */
function SocialLinks() {
  return (
    <ul className="mt-4 flex gap-2" aria-label="Social media">
      {SOCIAL_LINKS.map(({ label, Icon }) => (
        <li key={label}>
          <a href="#" aria-label={label} className="btn btn-ghost btn-circle btn-sm">
            <Icon size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}

function FooterHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-3 text-sm font-semibold tracking-wider text-base-content uppercase">
      {children}
    </h2>
  );
}

interface FooterLink {
  to: string;
  label: string;
  /** Set apart from the list (the 'View all' link). */
  strong?: boolean;
}

/** A titled list of footer links. */
export function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly FooterLink[];
}) {
  return (
    <nav aria-labelledby={id}>
      <FooterHeading id={id}>{title}</FooterHeading>
      <ul className="flex flex-col gap-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className={`link link-hover text-base-content/80 hover:text-primary ${link.strong ? 'font-medium' : ''}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The brand, what the marketplace is, and the social links. */
export function FooterAbout() {
  return (
    <section aria-labelledby="footer-about">
      <h2 id="footer-about" className="mb-3 flex items-center gap-2 text-xl font-bold text-primary">
        <Boxes className="size-6" aria-hidden="true" />
        {BRAND}
      </h2>
      <p className="text-sm leading-relaxed text-base-content/80">
        A trusted global marketplace connecting suppliers with buyers, offering quality products, secure
        transactions and reliable logistics.
      </p>
      <SocialLinks />
    </section>
  );
}

/** The postal address, phone and email. */
export function FooterContact() {
  return (
    <section aria-labelledby="footer-contact">
      <FooterHeading id="footer-contact">Contact Us</FooterHeading>
      <address className="flex flex-col gap-3 text-sm not-italic text-base-content/80">
        <p className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            120 Commerce Way, Suite 400
            <br />
            Trade District, NY 10001
          </span>
        </p>
        <p className="flex items-center gap-2">
          <Phone className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>+1 (555) 012-3456</span>
        </p>
        <p className="flex items-center gap-2">
          <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>support@bulkwise.example</span>
        </p>
      </address>
    </section>
  );
}
