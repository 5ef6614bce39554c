/**
 * The fixed content of the home page (spec section 3: "not from the server"). Slide and offer
 * titles, discounts and codes are the spec's; the supporting copy and the testimonials are ours.
 */
export interface HeroSlide {
  id: number;
  image: string;
  title: string;
  subtitle: string;
  description: string;
}

export interface Offer {
  title: string;
  discount: string;
  code: string;
  description: string;
}

export interface Testimonial {
  name: string;
  company: string;
  position: string;
  text: string;
  /** 1-5; the samples use 4 or 5. */
  rating: number;
  image: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    id: 1,
    image: '/images/hero/electronics-mega-sale.svg',
    title: 'Electronics Mega Sale',
    subtitle: 'Up to 50% off bulk orders',
    description:
      'Chargers, audio, tablets and smart devices straight from verified factories, priced for resellers who buy by the carton.',
  },
  {
    id: 2,
    image: '/images/hero/fashion-wholesale-deal.svg',
    title: 'Fashion Wholesale Deal',
    subtitle: '40% off',
    description:
      'Basics, denim, outerwear and accessories in full size runs: restock your boutique for the season in one order.',
  },
  {
    id: 3,
    image: '/images/hero/home-appliance-special.svg',
    title: 'Home Appliance Special',
    subtitle: '30% off',
    description:
      'Cookware, small appliances and kitchen essentials in retail-ready packaging for stores, hotels and restaurants.',
  },
];

export const OFFERS: readonly Offer[] = [
  {
    title: 'Bulk Purchase Discount',
    discount: '25% OFF',
    code: 'BULK25',
    description: 'Save on large-volume orders across every category when you buy in bulk.',
  },
  {
    title: 'New Customer Special',
    discount: '15% OFF',
    code: 'NEWB2B',
    description: 'Welcome to Bulkwise: take 15% off the first wholesale order of your business.',
  },
  {
    title: 'Seasonal Clearance',
    discount: '40% OFF',
    code: 'SEASON40',
    description: 'Clear-out prices on last season’s stock while supplies last.',
  },
];

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'James Miller',
    company: 'Miller Home Goods',
    position: 'Purchasing Manager',
    text: 'We restock three stores from Bulkwise every month. Minimum orders are clear up front and the suppliers ship on time.',
    rating: 5,
    image: '/images/avatars/testimonial-1.svg',
  },
  {
    name: 'Sofia Kowalski',
    company: 'Kowalski Boutique',
    position: 'Owner',
    text: 'Finding apparel in full size runs used to take weeks of calls. Now I compare suppliers and order the same afternoon.',
    rating: 5,
    image: '/images/avatars/testimonial-2.svg',
  },
  {
    name: 'Daniel Okafor',
    company: 'Okafor Electronics',
    position: 'Operations Director',
    text: 'Bulk pricing on chargers and cables beat our previous distributor, and the stock levels on the listings are accurate.',
    rating: 4,
    image: '/images/avatars/testimonial-3.svg',
  },
  {
    name: 'Li Wei',
    company: 'Harbor Hotel Group',
    position: 'Procurement Lead',
    text: 'Kitchen appliances for six hotel kitchens in a single order. The checkout is simple and the cart keeps every purchase on record.',
    rating: 5,
    image: '/images/avatars/testimonial-4.svg',
  },
  {
    name: 'Rachel Adams',
    company: 'Adams Auto Parts',
    position: 'Store Manager',
    text: 'Brake pads, oil and filters from verified suppliers. Listing our own surplus stock on Bulkwise took five minutes.',
    rating: 4,
    image: '/images/avatars/testimonial-5.svg',
  },
  {
    name: 'Thomas Brooks',
    company: 'Brooks Office Supply',
    position: 'Founder',
    text: 'Paper, toner and stationery at prices that leave room for margin. Support answered our questions within the hour.',
    rating: 5,
    image: '/images/avatars/testimonial-6.svg',
  },
];

export const TRUST_CARDS = [
  {
    icon: 'verified',
    title: 'Verified Suppliers',
    text: 'Every supplier is checked before listing, so you buy from real businesses with real stock.',
  },
  {
    icon: 'pricing',
    title: 'Better Bulk Pricing',
    text: 'Volume prices per unit with clear minimum orders: the more you buy, the more you keep.',
  },
  {
    icon: 'secure',
    title: 'Secure Transactions',
    text: 'Signed-in purchases, protected accounts and a cart that records every order you place.',
  },
  {
    icon: 'support',
    title: 'Priority Support',
    text: 'A team that knows wholesale answers quickly when an order needs attention.',
  },
] as const;

export const STATS = [
  { label: 'Products', value: '10k+' },
  { label: 'Retail Buyers', value: '5k+' },
  { label: 'Satisfaction', value: '98%' },
] as const;
