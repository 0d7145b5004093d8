export const metadata = { title: "gen-client-tools on Next.js and the AI SDK" };

export default function RootLayout({ children }: { readonly children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
