import { Initial1795283005229 } from './1795283005229-Initial';
import { OrderSignInAndPaymentIntentIndex1795283217414 } from './1795283217414-OrderSignInAndPaymentIntentIndex';
import { OutboxDedupeKey1795283308879 } from './1795283308879-OutboxDedupeKey';
import { UserClaimedAt1795400000000 } from './1795400000000-UserClaimedAt';
import { TwoFactorAndSessionAuthTime1795400100000 } from './1795400100000-TwoFactorAndSessionAuthTime';
import { EmailNormalisedBinary1795400200000 } from './1795400200000-EmailNormalisedBinary';
import { OverlayTextNorwegian1795500100000 } from './1795500100000-OverlayTextNorwegian';
import { LaunchSeatsAndCampaignCodes1795500200000 } from './1795500200000-LaunchSeatsAndCampaignCodes';
import { Receipts1795500300000 } from './1795500300000-Receipts';
import { MarketingSubscribers1795500400000 } from './1795500400000-MarketingSubscribers';
import { MarketingBroadcasts1795500410000 } from './1795500410000-MarketingBroadcasts';
import { MarketingSequences1795500420000 } from './1795500420000-MarketingSequences';
import { LiveSessions1795500500000 } from './1795500500000-LiveSessions';
import { DripRelease1795500600000 } from './1795500600000-DripRelease';
import { MentorshipPeriod1795500610000 } from './1795500610000-MentorshipPeriod';
import { Certificates1795500620000 } from './1795500620000-Certificates';
import { MoneyRules1795600100000 } from './1795600100000-MoneyRules';
import { GrantInclusion1795600200000 } from './1795600200000-GrantInclusion';
import { CertificateRevokedReason1795600210000 } from './1795600210000-CertificateRevokedReason';
import { NorwegianCurriculum1795600220000 } from './1795600220000-NorwegianCurriculum';
import { VippsCapture1795610000000 } from './1795610000000-VippsCapture';
import { UpgradeCredit1795615000000 } from './1795615000000-UpgradeCredit';
import { CryptoCourses1795616000000 } from './1795616000000-CryptoCourses';
import { VipMembership1795617000000 } from './1795617000000-VipMembership';
import { OutboxRecipientIndex1795620000000 } from './1795620000000-OutboxRecipientIndex';
import { OutboxBodies1795625000000 } from './1795625000000-OutboxBodies';
import { StatisticsIndexes1795625100000 } from './1795625100000-StatisticsIndexes';
import { LeadSearchIndex1795625200000 } from './1795625200000-LeadSearchIndex';
import { LeadAddresses1795628000000 } from './1795628000000-LeadAddresses';
import { ModuleVideo1795630000000 } from './1795630000000-ModuleVideo';
import { LessonQuestions1795650000000 } from './1795650000000-LessonQuestions';
import { MentorThreads1795655000000 } from './1795655000000-MentorThreads';
import { RiskAcknowledgement1795656000000 } from './1795656000000-RiskAcknowledgement';
import { DiscordRoles1795657000000 } from './1795657000000-DiscordRoles';
import { UpgradeCreditSource1795700000000 } from './1795700000000-UpgradeCreditSource';
import { MentorImageUploadBytes1795710010000 } from './1795710010000-MentorImageUploadBytes';
import { CourseCopyNorwegian1795730000000 } from './1795730000000-CourseCopyNorwegian';
import { StudentNotes1795750000000 } from './1795750000000-StudentNotes';
import { OrderProviderReference1795760000000 } from './1795760000000-OrderProviderReference';
import { CourseVatTreatment1795810000000 } from './1795810000000-CourseVatTreatment';
import { SalesReport1795811000000 } from './1795811000000-SalesReport';
import { ModuleCaptions1795820000000 } from './1795820000000-ModuleCaptions';
import { Subscriptions1795850000000 } from './1795850000000-Subscriptions';
import { VippsRecurringCharge1795870000000 } from './1795870000000-VippsRecurringCharge';
import { FikenPostings1795860000000 } from './1795860000000-FikenPostings';
import { FikenRoundLease1795880000000 } from './1795880000000-FikenRoundLease';
import { PaymentReviews1795900000000 } from './1795900000000-PaymentReviews';
import { OrderCheckoutSession1795920000000 } from './1795920000000-OrderCheckoutSession';
import { AccountSafety1795910000000 } from './1795910000000-AccountSafety';
import { Quizzes1795830000000 } from './1795830000000-Quizzes';
import { ReceiptRenewalTerms1795930000000 } from './1795930000000-ReceiptRenewalTerms';
import { ScopedCaptionSearch1795930100000 } from './1795930100000-ScopedCaptionSearch';
import { CaptionFiles1795940000000 } from './1795940000000-CaptionFiles';
import { MailBounces1795950000000 } from './1795950000000-MailBounces';
import { VippsLogin1795970000000 } from './1795970000000-VippsLogin';
import { CheckoutReminders1796010000000 } from './1796010000000-CheckoutReminders';
import { Partners1796000000000 } from './1796000000000-Partners';
import { LeadSourceIndex1796020000000 } from './1796020000000-LeadSourceIndex';
import { FikenPurchases1796040000000 } from './1796040000000-FikenPurchases';
import { LeadSpan1796050000000 } from './1796050000000-LeadSpan';
import { OutboxDedupeStatus1796060000000 } from './1796060000000-OutboxDedupeStatus';

/** Every migration, oldest first. */
export const MYSQL_MIGRATIONS: Function[] = [
  Initial1795283005229,
  OrderSignInAndPaymentIntentIndex1795283217414,
  OutboxDedupeKey1795283308879,
  UserClaimedAt1795400000000,
  TwoFactorAndSessionAuthTime1795400100000,
  EmailNormalisedBinary1795400200000,
  OverlayTextNorwegian1795500100000,
  LaunchSeatsAndCampaignCodes1795500200000,
  Receipts1795500300000,
  MarketingSubscribers1795500400000,
  MarketingBroadcasts1795500410000,
  MarketingSequences1795500420000,
  LiveSessions1795500500000,
  DripRelease1795500600000,
  MentorshipPeriod1795500610000,
  Certificates1795500620000,
  MoneyRules1795600100000,
  GrantInclusion1795600200000,
  CertificateRevokedReason1795600210000,
  NorwegianCurriculum1795600220000,
  VippsCapture1795610000000,
  UpgradeCredit1795615000000,
  CryptoCourses1795616000000,
  VipMembership1795617000000,
  OutboxRecipientIndex1795620000000,
  OutboxBodies1795625000000,
  StatisticsIndexes1795625100000,
  LeadSearchIndex1795625200000,
  LeadAddresses1795628000000,
  ModuleVideo1795630000000,
  LessonQuestions1795650000000,
  MentorThreads1795655000000,
  RiskAcknowledgement1795656000000,
  DiscordRoles1795657000000,
  UpgradeCreditSource1795700000000,
  MentorImageUploadBytes1795710010000,
  CourseCopyNorwegian1795730000000,
  StudentNotes1795750000000,
  OrderProviderReference1795760000000,
  CourseVatTreatment1795810000000,
  SalesReport1795811000000,
  ModuleCaptions1795820000000,
  Subscriptions1795850000000,
  Quizzes1795830000000,
  VippsRecurringCharge1795870000000,
  FikenPostings1795860000000,
  FikenRoundLease1795880000000,
  PaymentReviews1795900000000,
  OrderCheckoutSession1795920000000,
  AccountSafety1795910000000,
  ReceiptRenewalTerms1795930000000,
  ScopedCaptionSearch1795930100000,
  CaptionFiles1795940000000,
  MailBounces1795950000000,
  VippsLogin1795970000000,
  CheckoutReminders1796010000000,
  Partners1796000000000,
  LeadSourceIndex1796020000000,
  FikenPurchases1796040000000,
  LeadSpan1796050000000,
  OutboxDedupeStatus1796060000000,
];
