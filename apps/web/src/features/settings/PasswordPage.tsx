export default function PasswordPage() {
  return <div>PasswordPage</div>;
}
