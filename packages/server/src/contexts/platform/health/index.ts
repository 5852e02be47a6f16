/** Health publishes nothing: it is GET /api/health (routes/health), for load balancers and monitors. */
export {};
