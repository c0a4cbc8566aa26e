/**
 * Every entity of the single table under one ElectroDB Service, for transactions that span
 * entities (docs/data-model.md §1.1 item 5 and §4):
 *
 *   await db.transaction.write(({ profile, download }) => [ ... .commit() ]).go();
 *
 * The result's `canceled` and `data[i].rejected` / `data[i].code` say which item failed, in the
 * order the items were listed. Register each new entity here (one line) when you add it.
 */
import { Service } from 'electrodb';
import { entityConfig } from './entity-config';
import { CatalogVersionEntity } from './entities/catalog-version';
import { LeadEntity } from './entities/lead';
import { NewsletterSubscriberEntity } from './entities/newsletter-subscriber';
import { NewsletterTypeEntity } from './entities/newsletter-type';
import { UserNewsletterSubscriptionEntity } from './entities/user-newsletter-subscription';
import { UsernameClaimEntity } from './entities/username-claim';
import { CounterEntity } from './entities/counter';
import { DisputeEntity } from './entities/dispute';
import { DownloadEntity } from './entities/download';
import { MvpEntity } from './entities/mvp';
import { MvpVersionEntity } from './entities/mvp-version';
import { NotificationEntity } from './entities/notification';
import { NotificationCounterEntity } from './entities/notification-counter';
import { ProfileEntity } from './entities/profile';
import { RefundRequestEntity } from './entities/refund-request';
import { ReviewEntity } from './entities/review';
import { SellerApplicationEntity } from './entities/seller-application';
import { SubscriptionEntity } from './entities/subscription';

export const db = new Service(
  {
    catalogVersion: CatalogVersionEntity,
    lead: LeadEntity,
    newsletterSubscriber: NewsletterSubscriberEntity,
    newsletterType: NewsletterTypeEntity,
    userNewsletterSubscription: UserNewsletterSubscriptionEntity,
    usernameClaim: UsernameClaimEntity,
    counter: CounterEntity,
    dispute: DisputeEntity,
    download: DownloadEntity,
    mvp: MvpEntity,
    mvpVersion: MvpVersionEntity,
    notification: NotificationEntity,
    notificationCounter: NotificationCounterEntity,
    profile: ProfileEntity,
    refundRequest: RefundRequestEntity,
    review: ReviewEntity,
    sellerApplication: SellerApplicationEntity,
    subscription: SubscriptionEntity,
  },
  entityConfig(),
);
