export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">Harbour corporate banking</h1>
      <p className="mt-2">
        The Open Banking API is served under <code>/v1</code>; its description is at{" "}
        <a className="underline" href="/v1/openapi.json">/v1/openapi.json</a>.
      </p>
    </main>
  );
}
