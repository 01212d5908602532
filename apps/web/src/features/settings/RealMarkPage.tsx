export default function RealMarkPage() {
  return <div>RealMarkPage</div>;
}
