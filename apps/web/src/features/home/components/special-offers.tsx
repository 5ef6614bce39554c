import { Gift, Tag } from 'lucide-react';
import { OFFER_MESSAGES } from '@/config/messages';
import { successDialog } from '@/lib/dialogs';
import { OFFERS, type Offer } from '../content';
import { HomeSection } from './home-section';

/** Claiming only shows the code (spec section 4): no server call, nothing applied to a cart. */
export function claimOffer(offer: Offer): Promise<void> {
  return successDialog(OFFER_MESSAGES.claimedTitle, OFFER_MESSAGES.claimedText(offer.title, offer.code));
}

export function SpecialOffers() {
  return (
    <HomeSection
      id="offers-heading"
      title="Exclusive Special Offers"
      subtitle="Limited-time savings for businesses buying in bulk"
      className="bg-base-200"
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {OFFERS.map((offer) => {
          const titleId = `offer-${offer.code}`;
          return (
            <li
              key={offer.code}
              className="card border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-lg"
            >
              <div className="card-body gap-4">
                <div className="flex items-start justify-between gap-3">
                  <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
                    <Gift className="size-6" aria-hidden="true" />
                  </span>
                  <span className="badge badge-lg badge-secondary font-bold">{offer.discount}</span>
                </div>
                <h3 id={titleId} className="card-title">
                  {offer.title}
                </h3>
                <p className="text-base-content/70">{offer.description}</p>
                <p className="flex items-center gap-2 text-sm">
                  <Tag className="size-4 text-base-content/60" aria-hidden="true" />
                  Code:
                  <code className="rounded bg-base-200 px-2 py-0.5 font-mono font-semibold">
                    {offer.code}
                  </code>
                </p>
                <div className="card-actions mt-auto">
                  <button
                    type="button"
                    className="btn btn-primary btn-block"
                    aria-describedby={titleId}
                    onClick={() => void claimOffer(offer)}
                  >
                    Claim Offer
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}
