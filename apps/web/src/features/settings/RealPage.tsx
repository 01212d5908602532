export default function RealPage() {
  return <div>RealPage</div>;
}
