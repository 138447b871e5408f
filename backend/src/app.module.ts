import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AccessModule } from './access/access.module';
import { AccountModule } from './account/account.module';
import { AdminModule } from './admin/admin.module';
import { CatalogModule } from './catalog/catalog.module';
import { IdentityModule } from './identity/identity.module';
import { LeadsModule } from './leads/leads.module';
import { MailModule } from './mail/mail.module';
import { OrdersModule } from './orders/orders.module';
import { AppConfig, ConfigModule } from './platform/config';
import { DatabaseModule } from './platform/database/database.module';
import { AllExceptionsFilter } from './platform/errors/all-exceptions.filter';
import { HealthModule } from './platform/health/health.module';
import { createValidationPipe } from './platform/http/validation.pipe';
import { SecurityModule } from './platform/security/security.module';
import { WriteThrottlerGuard } from './platform/security/write-throttler.guard';
import { WebModule } from './web/web.module';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        SecurityModule,
        HealthModule,
        IdentityModule,
        CatalogModule,
        AccessModule,
        LeadsModule,
        OrdersModule,
        MailModule,
        AccountModule,
        AdminModule,
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
