import { AuditLog } from '../admin/entities/audit-log.entity';
import { LoginToken } from '../auth/entities/login-token.entity';
import { Session } from '../auth/entities/session.entity';
import { TotpRecoveryCode } from '../auth/totp/entities/totp-recovery-code.entity';
import { UserTotp } from '../auth/totp/entities/user-totp.entity';
import { Order } from '../checkout/entities/order.entity';
import { RateLimit } from '../common/entities/rate-limit.entity';
import { Setting } from '../common/entities/setting.entity';
import { CourseModule } from '../courses/entities/course-module.entity';
import { Course } from '../courses/entities/course.entity';
import { Grant } from '../courses/entities/grant.entity';
import { Lead } from '../leads/entities/lead.entity';
import { OutboxMessage } from '../mail/entities/outbox-message.entity';
import { Refund } from '../payments/entities/refund.entity';
import { WebhookEvent } from '../payments/entities/webhook-event.entity';
import { Progress } from '../progress/entities/progress.entity';
import { User } from '../users/entities/user.entity';

export const ENTITIES = [
  User,
  Session,
  LoginToken,
  UserTotp,
  TotpRecoveryCode,
  Course,
  CourseModule,
  Grant,
  Progress,
  Lead,
  Order,
  Refund,
  WebhookEvent,
  AuditLog,
  OutboxMessage,
  RateLimit,
  Setting,
];

export {
  AuditLog,
  Course,
  CourseModule,
  Grant,
  Lead,
  LoginToken,
  Order,
  OutboxMessage,
  Progress,
  RateLimit,
  Refund,
  Session,
  Setting,
  TotpRecoveryCode,
  User,
  UserTotp,
  WebhookEvent,
};
