export default function PayPasswordPage() {
  return <div>PayPasswordPage</div>;
}
