import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AccountModule } from './account/account.module';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { CatalogModule } from './catalog/catalog.module';
import { CheckoutModule } from './checkout/checkout.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { CommonModule } from './common/common.module';
import { CoursesModule } from './courses/courses.module';
import { createValidationPipe } from './common/validation.pipe';
import { WriteThrottlerGuard } from './common/write-throttler.guard';
import { AppConfig, ConfigModule } from './config';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { LeadsModule } from './leads/leads.module';
import { MailModule } from './mail/mail.module';
import { PaymentsModule } from './payments/payments.module';
import { ProgressModule } from './progress/progress.module';
import { UsersModule } from './users/users.module';
import { WebModule } from './web/web.module';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        CommonModule,
        UsersModule,
        AuthModule,
        CatalogModule,
        LeadsModule,
        HealthModule,
        CoursesModule,
        ProgressModule,
        AccountModule,
        PaymentsModule,
        CheckoutModule,
        AdminModule,
        MailModule,
        // Feature modules are added here.
        WebModule,
      ],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_GUARD, useClass: WriteThrottlerGuard },
      ],
    };
  }
}
