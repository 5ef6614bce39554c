// The catalog import bench's input: a supplier's spreadsheet of new products, every column filled.
const HEADER =
  'sku,name,brandName,category,price,stock,minSellingQuantity,rating,description,image,priceTiers';
const CATEGORIES = [
  'Industrial Machinery & Tools',
  'Office Supplies & Stationery',
  'Home & Kitchen Appliances',
];

/** A catalog file of `rows` new products, as a supplier's spreadsheet would have them. */
export function catalogFile(rows) {
  const lines = [HEADER];
  for (let i = 1; i <= rows; i++) {
    const category = CATEGORIES[i % CATEGORIES.length];
    lines.push(
      `BENCH-${i},"Bench crate ${i}, stackable",Benchco,${category},${(2 + (i % 500) / 10).toFixed(2)},${1000 + i},10,4.${i % 10},"Crate ${i}: 40 x 30 cm, ""heavy duty"".",https://images.example.com/crate-${i}.jpg,100:1.50;500:1.25`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}
