import { Registry } from 'prom-client';
import { asMetric, RequestHistogram } from './request-histogram';

describe('the request duration histogram', () => {
  it("renders like prom-client's histograms: cumulative buckets with le, then sum and count, per label set", async () => {
    const h = new RequestHistogram({ name: 'http_request_duration_seconds', help: 'Svartid', buckets: [0.01, 0.1, 1] });
    const registry = new Registry();
    registry.registerMetric(asMetric(h));
    h.observe('GET', '/api/catalog', 200, 0.005);
    h.observe('GET', '/api/catalog', 200, 0.01); // on a bound: counted in it (le is "less or equal")
    h.observe('GET', '/api/catalog', 200, 0.5);
    h.observe('GET', '/api/catalog', 200, 3);
    h.observe('POST', '/api/leads', 429, 0.02);
    const text = await registry.metrics();
    const labels = 'method="GET",route="/api/catalog",status="200"';
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.01",${labels}} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.1",${labels}} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="1",${labels}} 3`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="+Inf",${labels}} 4`);
    expect(text).toContain(`http_request_duration_seconds_sum{${labels}} 3.515`);
    expect(text).toContain(`http_request_duration_seconds_count{${labels}} 4`);
    expect(text).toContain('http_request_duration_seconds_count{method="POST",route="/api/leads",status="429"} 1');
  });
});
