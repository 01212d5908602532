export default function SettingPage() {
  return <div>SettingPage</div>;
}
