import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { MSG, type AppState, type SiteSettings, type SsrModule } from '@academy/contracts';
import { CatalogService } from '../catalog/catalog.service';
import { CertificatesService } from '../certificates/certificates.service';
import { OnEvent } from '../platform/events';
import { SiteSettingsService } from '../catalog/site-settings.service';
import { notFound } from '../platform/errors/app-error';
import type { FastAnswer } from '../platform/http/fast-routes';
import { pipelineOf } from '../platform/http/request-pipeline';
import { fileAnswer } from './file-answer';
import { fillTemplate, HTML, htmlFile } from './page-html';
import { loadStaticDir, type StaticFile } from './static-files';
import { RerenderSchedule } from './rerender-schedule';

interface Page {
  status: number;
  file: StaticFile;
}

/** A public certificate page: `/sertifikat/<code>` (the code as typed or linked). */
const CERTIFICATE_PAGE = /^\/sertifikat\/([^/]{1,64})$/;

/**
 * Brotli quality of the pages rendered again while the site serves (after a sale, a new student): 5
 * takes about 1 ms a page (6.09 KB for the 25 KB landing page), 10 about 10 ms (5.63 KB), 11 about
 * 24 ms (5.55 KB). At launch day's sales the pages change every few seconds: at 10, compressing them
 * still took 4-6 % of each instance's CPU (bench:launch's profile). The pages rendered at start keep 11.
 */
const RERENDER_QUALITY = 5;

/** Lets waiting requests run between two pages of a re-render. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Serves the built storefront and admin from memory: hashed assets (immutable), pages rendered
 * on the server at start (and again when the catalogue changes), the app shell for browser-only
 * paths, and a real 404. `/api/*` never falls through to HTML.
 */
@Injectable()
export class WebService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Web');
  private assets = new Map<string, StaticFile>();
  private admin = new Map<string, StaticFile>();
  private pages = new Map<string, Page>();
  private template: string | null = null;
  private ssr: SsrModule | null = null;
  private notFoundPage: Page | null = null;
  private settings: SiteSettings | null = null;
  private readonly rerenders = new RerenderSchedule(
    () => this.renderAll(RERENDER_QUALITY),
    (e) => this.logger.error(`Rendering failed: ${String(e)}`),
  );
  /** The first rendering is done: a catalogue change re-renders from then on. */
  private rendered = false;
  private readonly root: string;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly catalog: CatalogService,
    private readonly site: SiteSettingsService,
    private readonly certificates: CertificatesService,
  ) {
    this.root = cfg.staticRoot ? resolve(cfg.staticRoot) : resolve(__dirname, '..', '..', '..');
  }

  onModuleInit(): void {
    const pipeline = pipelineOf(this.adapterHost.httpAdapter.getInstance<FastifyInstance>());
    for (const url of ['/*', '/'])
      pipeline.route({ method: 'GET', url, fast: this.fast, handler: (req, reply) => this.handle(req, reply) });
  }

  /**
   * The answer from memory for a plain GET of a page, an asset or an admin file (the pipeline's front
   * door): the same lookup and the same answer as {@link handle}; null for everything else (another
   * spelling of the path, a query, what is rendered or generated per request).
   */
  readonly fast = (req: IncomingMessage): FastAnswer | null => {
    const url = req.url as string;
    if (url.includes('?') || url.includes('%')) return null;
    const hit = this.fromMemory(url);
    return hit && fileAnswer(hit.file, hit.status, req.headers);
  };

  /**
   * What a decoded path is answered with straight from memory, in the order {@link handle} decides:
   * admin files (nothing else under /admin), then the storefront's files, then the rendered pages.
   */
  private fromMemory(path: string): Page | null {
    if (path === '/admin' || path.startsWith('/admin/')) {
      const f = this.admin.get(path);
      return f && !path.endsWith('index.html') ? { status: 200, file: f } : null;
    }
    if (path === '/robots.txt' || path === '/sitemap.xml') return null;
    const asset = this.assets.get(path);
    if (asset) return { status: 200, file: asset };
    if (path.startsWith('/assets/') || !this.template) return null;
    const norm = path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
    return this.pages.get(norm) ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const clientDir = join(this.root, 'frontend', 'dist', 'client');
    const adminDir = join(this.root, 'admin', 'dist');
    this.assets = loadStaticDir(clientDir, '/', (rel) => rel === 'index.html');
    this.admin = loadStaticDir(adminDir, '/admin/');
    const templatePath = join(clientDir, 'index.html');
    this.template = existsSync(templatePath) ? readFileSync(templatePath, 'utf8') : null;
    const ssrPath = join(this.root, 'frontend', 'dist', 'server', 'entry-server.cjs');
    if (existsSync(ssrPath)) {
      try {
        const req = createRequire(__filename);
        this.ssr = req(ssrPath) as SsrModule;
      } catch (e) {
        this.logger.error(`Could not load the server bundle: ${String(e)}`);
      }
    }
    if (!this.template) this.logger.warn(`The site is not built (${templatePath} is missing): run npm run build`);
    await this.renderAll();
    this.rendered = true;
  }

  /** Something the catalogue shows changed: the server-rendered pages follow shortly. */
  @OnEvent('catalog.changed')
  catalogChanged(): void {
    if (this.rendered) this.rerenders.changed();
  }

  onModuleDestroy(): void {
    this.rendered = false;
    this.rerenders.stop();
  }

  private async state(): Promise<AppState> {
    const [settings, catalog] = await Promise.all([this.site.get(), this.catalog.get()]);
    return { settings, catalog: catalog.value };
  }

  private fill(head: string, html: string, state: AppState): string {
    return fillTemplate(this.template, head, html, state);
  }

  /** Renders every server page; `quality` 11 at start, RERENDER_QUALITY while the site serves. */
  async renderAll(quality = 11): Promise<void> {
    if (!this.template) return;
    const state = await this.state();
    this.settings = state.settings;
    const pages = new Map<string, Page>();
    if (this.ssr) {
      const started = Date.now();
      for (const path of this.ssr.prerenderPaths(state.settings)) {
        try {
          const r = this.ssr.render(path, state);
          pages.set(path, this.pageOf(path, r.status, this.fill(r.head, r.html, state), quality));
          await yieldToRequests();
        } catch (e) {
          this.logger.error(`Could not render ${path}: ${e instanceof Error ? e.stack : String(e)}`);
        }
      }
      try {
        const r = this.ssr.render('/__finnes-ikke__', state);
        this.notFoundPage = { status: 404, file: htmlFile(this.fill(r.head, r.html, state), quality) };
      } catch (e) {
        this.logger.error(`Could not render the 404 page: ${String(e)}`);
      }
      this.logger.log(`Rendered ${pages.size} pages in ${Date.now() - started} ms`);
    }
    this.pages = pages;
  }

  /** The page as rendered now; the one served already when nothing in it changed (not compressed again). */
  private pageOf(path: string, status: number, html: string, quality: number): Page {
    const served = this.pages.get(path);
    if (
      served &&
      served.status === status &&
      served.file.body.length === Buffer.byteLength(html) &&
      served.file.body.toString() === html
    )
      return served;
    return { status, file: htmlFile(html, quality) };
  }

  private send(req: FastifyRequest, reply: FastifyReply, f: StaticFile, status = 200): FastifyReply {
    const a = fileAnswer(f, status, req.headers);
    const h = a.headers;
    for (let i = 0; i < h.length; i += 2) reply.header(h[i], h[i + 1]);
    return reply.status(a.status).send(a.body);
  }

  async handle(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const url = req.url;
    const q = url.indexOf('?');
    let path = q === -1 ? url : url.slice(0, q);
    try {
      path = decodeURIComponent(path);
    } catch {
      return reply.status(400).type('text/plain; charset=utf-8').send(MSG.invalidUrl);
    }
    if (path === '/api' || path.startsWith('/api/')) throw notFound(MSG.apiNotFound);
    const hit = this.fromMemory(path);
    if (hit) return this.send(req, reply, hit.file, hit.status);

    if (path === '/admin' || path.startsWith('/admin/')) {
      const index = this.admin.get('/admin/index.html');
      if (!index)
        return reply
          .status(503)
          .type(HTML)
          .header('cache-control', 'no-store')
          .send(
            '<!doctype html><html lang="nb"><title>Admin</title><p>Adminpanelet er ikke bygget. Kjør <code>npm run build</code>.</p></html>',
          );
      if (path.startsWith('/admin/assets/')) return reply.status(404).type('text/plain; charset=utf-8').send(MSG.fileNotFound);
      return this.send(req, reply, { ...index, cacheControl: 'no-cache' });
    }

    if (path === '/robots.txt')
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(this.robots());
    if (path === '/sitemap.xml')
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(this.sitemap());

    if (path.startsWith('/assets/'))
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(MSG.fileNotFound);

    if (!this.template) {
      return reply
        .status(503)
        .type(HTML)
        .header('cache-control', 'no-store')
        .send(
          '<!doctype html><html lang="nb"><title>Ikke bygget</title><p>Nettsiden er ikke bygget. Kjør <code>npm run build</code>.</p></html>',
        );
    }
    const norm = path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
    const certificate = CERTIFICATE_PAGE.exec(norm);
    if (certificate && this.ssr) return this.certificatePage(req, reply, norm, certificate[1]);
    const settings = this.settings ?? (await this.site.get());
    if (!this.ssr || this.ssr.isAppPath(norm, settings)) {
      const state = await this.state();
      const head = this.ssr ? this.ssr.shellHead(norm, state) : `<title>${settings.siteName}</title>`;
      return this.send(req, reply, htmlFile(this.fill(head, '', state), 5));
    }
    if (this.notFoundPage) return this.send(req, reply, this.notFoundPage.file, 404);
    return reply
      .status(404)
      .type(HTML)
      .send(
        '<!doctype html><html lang="nb"><title>Fant ikke siden</title><h1>Fant ikke siden</h1><a href="/">Til forsiden</a></html>',
      );
  }

  /** `/sertifikat/:code` per request, with Open Graph tags; unknown code: 404 (docs/decisions.md "Certificates that travel"). */
  private async certificatePage(req: FastifyRequest, reply: FastifyReply, path: string, code: string): Promise<FastifyReply> {
    const verification = await this.certificates.lookup(code);
    const state: AppState = { ...(await this.state()), certificate: { code, verification } };
    const r = this.ssr!.render(path, state);
    const file = htmlFile(this.fill(r.head, r.html, state), 5);
    return this.send(req, reply, { ...file, cacheControl: 'no-store' }, r.status);
  }

  private robots(): string {
    return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /dashboard\nDisallow: /account/\nDisallow: /course/\n\nSitemap: ${this.cfg.publicUrl}/sitemap.xml\n`;
  }

  private sitemap(): string {
    const paths = this.ssr && this.settings ? this.ssr.prerenderPaths(this.settings) : ['/'];
    const urls = paths
      .filter((p) => !/^\/([a-d]|terms|privacy|payment)$/.test(p))
      .map((p) => `  <url><loc>${this.cfg.publicUrl}${p === '/' ? '/' : p}</loc></url>`)
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  }
}
