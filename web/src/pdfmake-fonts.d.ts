/** pdfmake's standard-font containers (metrics of the 14 PDF fonts) have no type declarations of their own. */
declare module 'pdfmake/build/standard-fonts/Helvetica.js' {
  import type { TFontContainer } from 'pdfmake/interfaces';

  const container: TFontContainer;
  export default container;
}
