import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile's imperative parts (Toast.show, Modal.alert, Dialog.confirm) render
 * through the legacy ReactDOM.render, which React 19 no longer has: without this
 * every toast throws and the user is never told anything. Giving antd-mobile a
 * createRoot-based render is its documented way to support React 19.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    // antd-mobile may unmount while React is rendering; one macrotask later is safe, as antd's React 19 guide does.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
