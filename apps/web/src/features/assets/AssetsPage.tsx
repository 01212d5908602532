export default function AssetsPage() {
  return <div>AssetsPage</div>;
}
