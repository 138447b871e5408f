import { ArgumentsHost, Body, Catch, Controller, ExceptionFilter, HttpCode, Ip, Post, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { CreateUserResponse } from '@academy/contracts';
import { toApiError } from '../platform/errors/to-api-error';
import { CreateUserService } from './create-user.service';
import { CreateUserDto } from '../identity/dto/auth.dto';

/** Failures of create-user carry `{success: false, error}` besides the usual error shape. */
@Catch()
class CreateUserFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { body } = toApiError(exception);
    void reply
      .status(body.statusCode)
      .header('cache-control', 'no-store')
      .send({ success: false, error: body.message, ...body });
  }
}

@Controller('api')
export class CreateUserController {
  constructor(private readonly service: CreateUserService) {}

  @Post('create-user')
  @HttpCode(200)
  @UseFilters(CreateUserFilter)
  async create(@Body() dto: CreateUserDto, @Ip() ip: string): Promise<CreateUserResponse> {
    const { success } = await this.service.createUser(dto, ip ?? null);
    return { success };
  }
}
