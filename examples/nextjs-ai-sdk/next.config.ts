import type { NextConfig } from "next";

// As create-next-app 16 writes it: components cached unless they opt out, so the chat renders inside <Suspense>.
const nextConfig: NextConfig = { cacheComponents: true };

export default nextConfig;
