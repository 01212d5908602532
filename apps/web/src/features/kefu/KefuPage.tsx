export default function KefuPage() {
  return <div>KefuPage</div>;
}
